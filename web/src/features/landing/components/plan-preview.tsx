/** A drawn preview of a plan in the SEDUC-RS 2025 layout (markup instead of a screenshot). */
export function PlanPreview() {
  const rows = [
    ['Habilidades', 'EF05MA08 — Resolver e elaborar problemas de multiplicação e divisão com números naturais e racionais.'],
    ['Objetivos de Aprendizagem', 'Compreender frações como partes de um todo e compará-las em situações do cotidiano.'],
    ['Objetos de Conhecimento', 'Números racionais: representação fracionária e decimal.'],
    ['Experiências de Aprendizagem', 'Oficina com receitas: dividir ingredientes e registrar as frações no caderno.'],
    ['Evidências de Aprendizagem', 'Registro das frações e explicação oral das estratégias usadas.'],
  ];
  return (
    <figure
      className="mx-auto w-full max-w-md rotate-1 rounded-xl border bg-white p-4 text-left text-slate-900 shadow-2xl sm:p-5"
      aria-label="Pré-visualização de um plano de aula no modelo SEDUC-RS 2025"
    >
      <div className="mb-3 border-b-2 border-slate-800 pb-2 text-center">
        <p className="text-[10px] font-semibold uppercase tracking-wide text-slate-600">
          Secretaria da Educação — Rio Grande do Sul
        </p>
        <p className="text-sm font-bold">Plano de Aula — Modelo 2025</p>
      </div>
      <dl className="mb-3 grid grid-cols-2 gap-x-3 gap-y-1 text-[11px]">
        <div>
          <dt className="inline font-semibold">Escola: </dt>
          <dd className="inline">E.E.F. Érico Veríssimo</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Turma: </dt>
          <dd className="inline">51 — 5º Ano</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Componente: </dt>
          <dd className="inline">Matemática</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Tema: </dt>
          <dd className="inline">Frações no dia a dia</dd>
        </div>
      </dl>
      <p className="mb-1 rounded bg-indigo-700 px-2 py-1 text-[11px] font-semibold text-white">Aula 1 — Matemática</p>
      <table className="w-full border-collapse text-[10px] leading-snug">
        <tbody>
          {rows.map(([label, text]) => (
            <tr key={label} className="border border-slate-300">
              <th scope="row" className="w-1/3 bg-slate-100 p-1.5 text-left align-top font-semibold">
                {label}
              </th>
              <td className="p-1.5 align-top text-slate-700">{text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
