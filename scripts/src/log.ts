/** Plain, readable launcher lines; colours only on a terminal. */
const useColour = process.stdout.isTTY && !process.env.NO_COLOR;

const paint = (code: number, text: string) => (useColour ? `\u001b[${code}m${text}\u001b[0m` : text);

export const colours = { cyan: 36, magenta: 35, yellow: 33, green: 32, red: 31, grey: 90, blue: 34 } as const;
export type Colour = keyof typeof colours;

export function tag(name: string, colour: Colour): string {
  return paint(colours[colour], `[${name}]`);
}

export function info(message: string): void {
  console.log(`${tag('planejador', 'green')} ${message}`);
}

export function warn(message: string): void {
  console.warn(`${tag('planejador', 'yellow')} ${message}`);
}

export function fail(message: string): void {
  console.error(`${tag('planejador', 'red')} ${message}`);
}

export function bold(text: string): string {
  return useColour ? `\u001b[1m${text}\u001b[0m` : text;
}
