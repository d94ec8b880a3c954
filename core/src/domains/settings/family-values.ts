/**
 * A family key's value in our terms (tenancy/family-settings.ts): the client's "no gateway" is an empty
 * `_paymentGateway`, ours is `billingGateway: 'none'`. `apiToken` is accepted but its value is not kept: it has no
 * effect here, and a company's settings travel to every user of the company (the sign-in answer lists them).
 */
export function familyValueIn(key: string, value: string): string {
  if (key === '_paymentGateway' && value === '') return 'none';
  if (key === 'apiToken') return '';
  return value;
}
