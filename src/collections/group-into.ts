/**
 * Appends `value` to the list kept under `key`, starting the list if there is none. In place:
 * copying the list on every append made grouping quadratic, and the tax reclassification of the
 * large benchmark company (about 23,000 invoices a month) copied about 2 GB of arrays a month.
 */
export function groupInto<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const list = groups.get(key);
  if (list) list.push(value);
  else groups.set(key, [value]);
}
