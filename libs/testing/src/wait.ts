/** A bounded poll: resolves with the first truthy value, fails loudly with the last one on a stall. */
export async function waitFor<T>(
  probe: () => Promise<T> | T,
  { timeoutMs = 20000, intervalMs = 50, what = 'condition' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const start = Date.now();
  let last: T | undefined;
  for (;;) {
    last = await probe();
    if (last) return last as NonNullable<T>;
    if (Date.now() - start > timeoutMs) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last value: ${JSON.stringify(last)?.slice(0, 500)}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
