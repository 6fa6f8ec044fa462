import pino, { type DestinationStream } from 'pino';

// Where log lines go: JSON lines (one object per line, for collectors) unless stdout is a terminal, where
// a person reads them: then pino-pretty prints `HH:MM:ss.l LEVEL (requestId): message` with the fields
// indented below. Same redacted fields either way; pino-pretty is loaded only for a terminal (~25 ms of
// module loading that a service writing to a pipe never pays).
export async function stdoutDestination(
  isTerminal: boolean = process.stdout.isTTY === true,
  output: number | NodeJS.WritableStream = 1,
): Promise<DestinationStream> {
  if (!isTerminal) {
    return typeof output === 'number' ? pino.destination({ dest: output, sync: true }) : output;
  }
  const { build } = await import('pino-pretty');
  return build({
    destination: output,
    sync: true,
    colorize: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service,requestId,context',
    messageFormat: '{if requestId}({requestId}) {end}{if context}[{context}] {end}{msg}',
    hideObject: false,
  });
}
