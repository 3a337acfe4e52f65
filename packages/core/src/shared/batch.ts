/**
 * A batch call (BatchGetItem, BatchWriteItem through ElectroDB) made again on what DynamoDB left
 * unprocessed (throttling, a page's size limit), at most five times; answers what the gets found.
 */
export async function untilProcessed<K, R = never>(keys: K[], call: (keys: K[]) => Promise<{ data?: R[]; unprocessed: unknown[] }>): Promise<R[]> {
  const found: R[] = [];
  let left = keys;
  for (let attempt = 0; left.length; attempt++) {
    if (attempt === 5) throw new Error(`${left.length} batch operations left unprocessed`);
    const { data, unprocessed } = await call(left);
    found.push(...(data ?? []));
    left = unprocessed as K[];
  }
  return found;
}

/** `each` on every element, `size` at a time: a background job's fan-out, bounded so it does not crowd out requests. */
export async function inGroups<T>(list: T[], size: number, each: (element: T) => Promise<unknown>) {
  for (let at = 0; at < list.length; at += size) await Promise.all(list.slice(at, at + size).map(each));
}
