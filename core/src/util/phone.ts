/**
 * One person is one contact: numbers are kept as digits only, with the country code.
 * A WhatsApp jid ("5511999998888@s.whatsapp.net", "5511999998888:12@s.whatsapp.net") gives its
 * user part; group ids ("1203630…@g.us") are kept whole as their digits.
 */
export function normalizeNumber(input: string): string {
  const user = input.split('@')[0].split(':')[0];
  return user.replace(/\D/g, '');
}

export const isValidNumber = (digits: string) => /^\d{8,20}$/.test(digits);
