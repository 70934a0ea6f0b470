// A postal address laid out by its country's conventions: "Portland, ME 04101" in the US,
// "10115 Berlin" in Germany, "London / SW1A 2AA" on two lines in the UK, the country's name last.
//
// The layouts come from @fragaria/address-formatter, the JavaScript port of OpenCage's
// address-formatting templates (about 250 countries and territories, kept up to date by a
// community that tests each one against real addresses; the package is released several times a
// year, has no dependency but mustache, and ships its own types). i18n-postal-address knows far
// fewer countries and has had one major release; Google's libaddressinput data (the
// localized-address-format package) is good but less used. It runs here, on the server: buyers'
// and owners' pages get the lines (Order.shippingAddressLines), never the 300 kB of templates.
import addressFormatter from '@fragaria/address-formatter';
import type { Address } from '@sc/contracts';

/** The address's lines, the buyer's name first and the country's name last. */
export function addressLines(address: Address): string[] {
  const lines = addressFormatter.format(
    {
      attention: address.name,
      // Line 2 (flat, suite) stays right under line 1, as the buyer wrote them.
      road: [address.line1, address.line2].filter(Boolean).join('\n'),
      city: address.city,
      ...(address.region ? { state: address.region } : {}),
      ...(address.postalCode ? { postcode: address.postalCode } : {}),
      countryCode: address.country,
    },
    { countryCode: address.country, appendCountry: true, output: 'array' },
  );
  return lines.map((line) => line.trim()).filter(Boolean);
}
