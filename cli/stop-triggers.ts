/** How often a process looks whether the process that started it is still there. */
const parentPollMs = 500;

/**
 * What stops a long-running command (`mock`, `proxy`): SIGINT, SIGTERM or SIGHUP (a closed terminal).
 * Calls `stop` with the signal's name, and returns what takes the handlers down again, so that nothing of
 * theirs outlives the command. A command left behind by its launcher is sent SIGTERM (whenParentEnds).
 */
export function onStopTrigger(stop: (why: string) => void): () => void {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const handlers = signals.map((signal) => [signal, () => stop(signal)] as const);
  for (const [signal, handler] of handlers) process.once(signal, handler);
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}

/**
 * Calls `ended` once the process that started this one has ended. `npx`, `npm exec` and `npm run` start
 * the command through a shell, and when one of them is killed (`kill $PID`, a script's `kill %1`) the
 * signal ends that shell but never reaches this process, which would run on and hold its port for good.
 * Such a process is handed to another parent (init or a subreaper), so a changed parent id means it was
 * left behind. The watch never keeps the process alive; the returned function stops it.
 */
export function whenParentEnds(ended: () => void): () => void {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    ended();
  }, parentPollMs);
  watch.unref();
  return () => clearInterval(watch);
}
