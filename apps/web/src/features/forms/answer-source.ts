import type { AnswerSource } from '@crm/contracts';

const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
/** The contract's limits (answerSourceSchema): a longer value is cut rather than refusing the answer. */
const UTM_MAX = 200;
const REFERRER_MAX = 500;

function searchOf(address: string): URLSearchParams {
  try {
    return new URL(address).searchParams;
  } catch {
    return new URLSearchParams();
  }
}

/**
 * Where the visitor came from: the page's utm parameters and the referrer. Inside an iframe the utm
 * parameters are on the embedding page, which is the referrer, so they are read from there when the
 * page's own address has none.
 */
export function answerSource(search: string, referrer: string): AnswerSource {
  const own = new URLSearchParams(search);
  const params = UTM.some((name) => own.get(name)) ? own : searchOf(referrer);
  const source: AnswerSource = {};
  for (const name of UTM) {
    const value = params.get(name)?.trim();
    if (value) source[name] = value.slice(0, UTM_MAX);
  }
  if (referrer) source.referrer = referrer.slice(0, REFERRER_MAX);
  return source;
}
