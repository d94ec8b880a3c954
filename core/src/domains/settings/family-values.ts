/**
 * A family key's value in our terms, for the keys mapped to one of ours (tenancy/family-settings.ts):
 * the client's "no gateway" is an empty `_paymentGateway`, ours is `billingGateway: 'none'`.
 */
export function familyValueIn(key: string, value: string): string {
  if (key === '_paymentGateway' && value === '') return 'none';
  return value;
}
