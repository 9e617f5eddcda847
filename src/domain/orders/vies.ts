/**
 * The optional online check of an EU VAT number against the European Commission's VIES service
 * (VIES_URL, e.g. https://ec.europa.eu/taxation_customs/vies/rest-api). Off unless configured: the
 * format check (jsvat) always runs; this adds "is it registered?". VIES is often briefly down, so
 * an unreachable service never blocks a purchase: the format-valid number is accepted and that is said.
 */
export type ViesResult =
  | { status: 'valid'; name: string | null }
  | { status: 'invalid' }
  | { status: 'unavailable'; reason: string };

export async function checkVies(
  baseUrl: string,
  countryCode: string,
  vatNumber: string,
  timeoutMs = 5_000,
): Promise<ViesResult> {
  // VIES names Greece EL, as VAT numbers do; the number goes without its country prefix.
  const prefix = countryCode === 'GR' ? 'EL' : countryCode;
  const national = vatNumber.startsWith(prefix) ? vatNumber.slice(prefix.length) : vatNumber;
  try {
    const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode: prefix, vatNumber: national }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return { status: 'unavailable', reason: `VIES answered HTTP ${res.status}` };
    const body = (await res.json()) as { valid?: unknown; name?: unknown; userError?: unknown };
    if (body.valid === true)
      return { status: 'valid', name: typeof body.name === 'string' && body.name !== '---' ? body.name : null };
    if (
      body.valid === false &&
      (body.userError === undefined || body.userError === 'VALID' || body.userError === 'INVALID')
    )
      return { status: 'invalid' };
    return { status: 'unavailable', reason: `VIES could not check it now (${String(body.userError ?? 'no answer')})` };
  } catch (err) {
    return {
      status: 'unavailable',
      reason:
        `VIES could not be reached ` +
        `(${(err as Error).name === 'TimeoutError' ? 'timed out' : (err as Error).message})`,
    };
  }
}
