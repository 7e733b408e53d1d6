/**
 * Names that are curriculum, not people of a class: public figures, characters and places a Brazilian school
 * teaches, written by the Planejador team from general knowledge for the personal-data redactor. A lesson about
 * "Cecília Meireles" or "Santa Maria" keeps them; a student called Cecília does not.
 */
// prettier-ignore
export const PUBLIC_FIGURES: readonly string[] = [
  // História do Brasil e do RS
  'Tiradentes', 'Dom Pedro I', 'Dom Pedro II', 'Pedro Álvares Cabral', 'Zumbi dos Palmares', 'Dandara', 'Princesa Isabel',
  'Getúlio Vargas', 'Juscelino Kubitschek', 'Bento Gonçalves', 'Giuseppe Garibaldi', 'Anita Garibaldi', 'Duque de Caxias',
  'Marechal Deodoro da Fonseca', 'Deodoro da Fonseca', 'Floriano Peixoto', 'José Bonifácio', 'Joaquim Nabuco',
  'Luís Gama', 'Luiz Gama', 'André Rebouças', 'Chico Mendes', 'Maria Quitéria', 'Joana Angélica', 'Ana Néri', 'Ana Nery',
  'Santos Dumont', 'Oswaldo Cruz', 'Carlos Chagas', 'Vital Brazil', 'Cândido Rondon', 'Marechal Rondon', 'Irmã Dulce',
  'Dom João VI', 'Carlota Joaquina', 'Maria Leopoldina', 'Leopoldina', 'Martim Afonso de Sousa', 'Padre Anchieta',
  'José de Anchieta', 'Manuel da Nóbrega', 'Sepé Tiaraju', 'Júlio de Castilhos', 'Borges de Medeiros', 'Leonel Brizola',
  'Maria da Penha', 'Carolina Maria de Jesus', 'Marielle Franco', 'Nise da Silveira', 'Bertha Lutz', 'Zilda Arns',
  'Paulo Freire', 'Darcy Ribeiro', 'Anísio Teixeira', 'Cecília Meireles', 'Carlos Drummond de Andrade', 'Vinicius de Moraes',
  'Vinícius de Moraes', 'Machado de Assis', 'José de Alencar', 'Monteiro Lobato', 'Clarice Lispector', 'Jorge Amado',
  'Graciliano Ramos', 'Rachel de Queiroz', 'Manuel Bandeira', 'Mário de Andrade', 'Oswald de Andrade', 'Tarsila do Amaral',
  'Anita Malfatti', 'Cândido Portinari', 'Candido Portinari', 'Di Cavalcanti', 'Aleijadinho', 'Romero Britto',
  'Heitor Villa-Lobos', 'Villa-Lobos', 'Chiquinha Gonzaga', 'Pixinguinha', 'Luiz Gonzaga', 'Tom Jobim', 'Elis Regina',
  'Lupicínio Rodrigues', 'Mário Quintana', 'Mario Quintana', 'Erico Verissimo', 'Érico Veríssimo', 'Luis Fernando Verissimo',
  'Ruth Rocha', 'Ana Maria Machado', 'Ziraldo', 'Mauricio de Sousa', 'Maurício de Sousa', 'Castro Alves', 'Gonçalves Dias',
  'Álvares de Azevedo', 'Olavo Bilac', 'Cora Coralina', 'Conceição Evaristo', 'Lima Barreto', 'Ariano Suassuna',
  'Guimarães Rosa', 'João Cabral de Melo Neto', 'Adoniran Barbosa', 'Pelé', 'Ayrton Senna', 'Marta Vieira da Silva',
  'Rebeca Andrade', 'Daiane dos Santos', 'Oscar Niemeyer', 'Sebastião Salgado', 'César Lattes', 'Milton Santos',
  // Mundo
  'Isaac Newton', 'Albert Einstein', 'Galileu Galilei', 'Nicolau Copérnico', 'Charles Darwin', 'Marie Curie', 'Louis Pasteur',
  'Thomas Edison', 'Alexander Fleming', 'Gregor Mendel', 'Leonardo da Vinci', 'Michelangelo', 'Vincent van Gogh',
  'Pablo Picasso', 'Frida Kahlo', 'Claude Monet', 'Wolfgang Amadeus Mozart', 'Ludwig van Beethoven', 'Johann Sebastian Bach',
  'William Shakespeare', 'Miguel de Cervantes', 'Luís de Camões', 'Fernando Pessoa', 'José Saramago', 'Cristóvão Colombo',
  'Pedro Álvares', 'Vasco da Gama', 'Fernão de Magalhães', 'Napoleão Bonaparte', 'Júlio César', 'Alexandre, o Grande',
  'Martin Luther King', 'Nelson Mandela', 'Mahatma Gandhi', 'Karl Marx', 'Adam Smith', 'Sócrates', 'Platão', 'Aristóteles',
  'Pitágoras', 'Tales de Mileto', 'Euclides', 'Arquimedes', 'Hipátia', 'Malala Yousafzai', 'Anne Frank', 'Simón Bolívar',
  'Che Guevara', 'Joana d’Arc', "Joana d'Arc", 'Rosa Parks', 'Abraham Lincoln', 'George Washington', 'Benjamin Franklin',
  'Santos Dumont', 'Neil Armstrong', 'Yuri Gagarin', 'Marcos Pontes', 'Stephen Hawking', 'Carl Sagan',
  // Religião e festas
  'Jesus Cristo', 'Jesus', 'Virgem Maria', 'Nossa Senhora', 'Nossa Senhora Aparecida', 'Nossa Senhora dos Navegantes',
  'Iemanjá', 'Oxalá', 'Buda', 'Maomé', 'Moisés', 'Abraão', 'Noé', 'Davi e Golias', 'Adão e Eva', 'José e Maria',
  'Papai Noel', 'Coelho da Páscoa',
  // Personagens da literatura infantil e do folclore
  'Emília', 'Narizinho', 'Pedrinho', 'Dona Benta', 'Tia Nastácia', 'Visconde de Sabugosa', 'Saci-Pererê', 'Saci', 'Cuca',
  'Curupira', 'Iara', 'Boitatá', 'Mula sem Cabeça', 'Negrinho do Pastoreio', 'Boto cor-de-rosa', 'Chapeuzinho Vermelho',
  'Branca de Neve', 'Cinderela', 'Rapunzel', 'Pinóquio', 'João e Maria', 'João e o Pé de Feijão', 'Pedro e o Lobo',
  'Alice no País das Maravilhas', 'Peter Pan', 'Menino Maluquinho', 'Mônica', 'Cebolinha', 'Cascão', 'Magali',
  'Chico Bento', 'Turma da Mônica', 'Marcelo, Marmelo, Martelo', 'Dom Quixote', 'Romeu e Julieta', 'Pequeno Príncipe',
  'Lampião', 'Maria Bonita', 'Macunaíma', 'Iracema', 'Capitu', 'Bentinho',
];

/** Places (Brazilian states, capitals and RS cities) whose names read like people's. */
// prettier-ignore
export const PUBLIC_PLACES: readonly string[] = [
  'Porto Alegre', 'Rio Grande do Sul', 'Santa Catarina', 'São Paulo', 'Rio de Janeiro', 'Espírito Santo', 'Minas Gerais',
  'Mato Grosso', 'Mato Grosso do Sul', 'Santa Maria', 'Santa Cruz do Sul', 'Santo Ângelo', 'Santana do Livramento',
  'São Leopoldo', 'São Borja', 'São Gabriel', 'São Lourenço do Sul', 'São José', 'São Luís', 'São Sepé', 'Santa Rosa',
  'Santo Antônio da Patrulha', 'Bento Gonçalves', 'Vitória', 'Vitória da Conquista', 'Salvador', 'Natal', 'Teresina',
  'Florianópolis', 'Belo Horizonte', 'Caxias do Sul', 'Novo Hamburgo', 'Passo Fundo', 'Venâncio Aires', 'Garibaldi',
  'Carlos Barbosa', 'Getúlio Vargas', 'Júlio de Castilhos', 'Marcelino Ramos', 'Santiago', 'Alegrete', 'Pelotas',
  'Canoas', 'Gravataí', 'Viamão', 'Alvorada', 'Cachoeirinha', 'Esteio', 'Sapucaia do Sul', 'Guaíba', 'Lajeado', 'Ijuí',
  'Erechim', 'Bagé', 'Uruguaiana', 'Osório', 'Tramandaí', 'Torres', 'Camaquã', 'Montenegro', 'Taquara', 'Gramado',
  'Canela', 'Estrela', 'Teutônia', 'Cruz Alta', 'Carazinho', 'Frederico Westphalen', 'Rio Grande', 'Chuí',
  'Maria da Fé', 'Pantanal', 'Amazônia', 'Mata Atlântica', 'Pampa', 'Cerrado', 'Caatinga',
];
