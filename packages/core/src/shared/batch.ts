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
