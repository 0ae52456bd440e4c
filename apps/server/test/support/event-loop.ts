/** How many turns the event loop makes while `run` is pending: whether the main thread went on meanwhile. */
export async function loopTurnsDuring(run: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const turn = () => {
    if (done) return;
    turns += 1;
    setImmediate(turn);
  };
  const running = run().finally(() => (done = true));
  setImmediate(turn);
  await running;
  return turns;
}
