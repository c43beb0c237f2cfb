/** A whole number ≥ 0 kept in the address (`?status=0&page=2`); anything else reads as absent. */
export function wholeParam(params: URLSearchParams, key: string): number | undefined {
  const value = params.get(key);
  if (value === null || value === '') return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : undefined;
}

/** An id or a page number of the address: a whole number above 0. */
export const positiveParam = (params: URLSearchParams, key: string): number | undefined =>
  wholeParam(params, key) || undefined;
