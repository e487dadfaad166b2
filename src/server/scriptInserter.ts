/**
 * Puts the store's pending scripts before each piece of HTML React streams. React writes a piece
 * (the shell, then each boundary that completes) in one synchronous run of writes, and may split
 * it anywhere, even inside a tag: the writes are held until the run is over (`flush`, which
 * React's Node renderer calls after each run, or a timer for other streams) and sent as one piece,
 * the scripts first. A boundary's content is written once its data is in the server store, so the
 * scripts carrying that data precede it in the HTML, and the browser applies them before React
 * hydrates the boundary. The first piece starts the document (`<!DOCTYPE html>` must stay first):
 * its scripts go before its `</head>`, or after the piece when React renders into a template.
 */
export function scriptInserter(scripts: () => string, emit: (chunk: Uint8Array) => void) {
  const encoder = new TextEncoder();
  let held: Uint8Array[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let first = true;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const piece = held;
    held = [];
    // Nothing may come before the document's first piece.
    if (first && piece.length === 0) return;
    const script = scripts();
    if (first && piece.length > 0) {
      first = false;
      if (script !== '') return emitFirst(piece, script);
    }
    if (script !== '') emit(encoder.encode(script));
    for (const chunk of piece) emit(chunk);
  };
  const emitFirst = (piece: Uint8Array[], script: string) => {
    const decoder = new TextDecoder();
    const html = piece.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
    const head = html.indexOf('</head>');
    emit(encoder.encode(head === -1 ? html + script : html.slice(0, head) + script + html.slice(head)));
  };
  return {
    write(chunk: Uint8Array | string): void {
      held.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      timer ??= setTimeout(flush, 0);
    },
    /** The end of a run of writes: sends the piece, its scripts first. */
    flush,
  };
}
