// Counts with their noun in the right number: "1 visit", "2 visits", "0 visits" (English plural
// rules through Intl.PluralRules, so a later translation only changes the words).
const rules = new Intl.PluralRules('en-US');

/** "1 visit" / "3 visits"; the number grouped as the owner reads it ("1,204 visits"). */
export function counted(count: number, one: string, other: string): string {
  return `${count.toLocaleString('en-US')} ${rules.select(count) === 'one' ? one : other}`;
}

/** Just the noun for this count: "visit" or "visits". */
export const nounFor = (count: number, one: string, other: string): string => (rules.select(count) === 'one' ? one : other);
