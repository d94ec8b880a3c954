/**
 * Pix "BR Code" (EMV QRCPS-MPM as profiled by the Banco Central do Brasil): a string of TLV fields
 * (2-digit id, 2-digit length, value) ending in a CRC16-CCITT-FALSE over everything before it,
 * including the literal "6304". A correct CRC is not enough for real banks: they also refuse
 * merchant names over 25 characters, cities over 15, accents, a txid outside [A-Za-z0-9]{1,25},
 * amounts without two decimals and codes without field 62. `buildStaticPix` enforces all of that.
 */

export const PIX_GUI = 'br.gov.bcb.pix';
export const MAX_MERCHANT_NAME = 25;
export const MAX_MERCHANT_CITY = 15;
const TXID = /^[A-Za-z0-9]{1,25}$/;

/** CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor; 4 uppercase hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One TLV field; lengths count characters, so every value must already be ASCII. */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new RangeError(`BR Code field id must be two digits: ${id}`);
  if (value.length > 99) throw new RangeError(`BR Code field ${id} is longer than 99 characters`);
  if (!/^[\x20-\x7e]*$/.test(value)) throw new RangeError(`BR Code field ${id} must be printable ASCII`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

export interface TlvField { id: string; value: string }

/** Splits a TLV string into its fields; throws when a length runs past the end or characters are left over. */
export function parseTlv(text: string): TlvField[] {
  const fields: TlvField[] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const len = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4)) || at + 4 + len > text.length) {
      throw new SyntaxError(`Malformed BR Code field at position ${at}`);
    }
    fields.push({ id, value: text.slice(at + 4, at + 4 + len) });
    at += 4 + len;
  }
  return fields;
}

/**
 * Upper-case ASCII without accents, keeping letters, digits and single spaces, cut to `max` characters:
 * "João & Cia Ltda" → "JOAO CIA LTDA", "São Paulo" → "SAO PAULO".
 */
export function bankText(text: string, max: number): string {
  return text
    .normalize('NFD').replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** A txid banks accept: letters and digits only, 1 to 25 characters. */
export function isValidTxid(txid: string) {
  return TXID.test(txid);
}

/** Money as banks want it: dot, exactly two decimals. */
export const formatAmount = (value: number) => (Math.round(value * 100) / 100).toFixed(2);

export interface StaticPixInput {
  /** The receiver's Pix key (CPF, CNPJ, +55 phone, e-mail or random EVP key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Omitted: the payer types the amount. */
  amount?: number;
  /** Reference label shown on the receiver's statement; `***` when none. */
  txid?: string;
  /** Optional message to the payer (field 26/02). */
  description?: string;
}

/** A static (reusable) Pix BR Code that banks accept, with its CRC. */
export function buildStaticPix(input: StaticPixInput): string {
  const key = input.key.trim();
  if (!key || key.length > 77) throw new RangeError('The Pix key must have 1 to 77 characters');
  const name = bankText(input.merchantName, MAX_MERCHANT_NAME);
  const city = bankText(input.merchantCity, MAX_MERCHANT_CITY);
  if (!name || !city) throw new RangeError('The merchant name and city must keep at least one letter or digit');
  const txid = input.txid ?? '***';
  if (txid !== '***' && !isValidTxid(txid)) throw new RangeError('The txid must be 1 to 25 letters or digits');
  const description = input.description ? bankText(input.description, 40) : '';
  const account = tlv('00', PIX_GUI) + tlv('01', key) + (description ? tlv('02', description) : '');
  const body = tlv('00', '01')
    + tlv('26', account)
    + tlv('52', '0000')
    + tlv('53', '986')
    + (input.amount !== undefined ? tlv('54', formatAmount(input.amount)) : '')
    + tlv('58', 'BR')
    + tlv('59', name)
    + tlv('60', city)
    + tlv('62', tlv('05', txid))
    + '6304';
  return body + crc16(body);
}

export interface ParsedPix {
  key?: string;
  amount?: string;
  merchantName: string;
  merchantCity: string;
  txid?: string;
  crc: string;
  fields: TlvField[];
}

/** Reads a BR Code back, checking its structure and CRC; throws SyntaxError on anything a bank would refuse to read. */
export function parsePix(code: string): ParsedPix {
  const fields = parseTlv(code);
  if (fields[0]?.id !== '00' || fields[0].value !== '01') throw new SyntaxError('A BR Code starts with 000201');
  const last = fields[fields.length - 1];
  if (last?.id !== '63' || last.value.length !== 4) throw new SyntaxError('A BR Code ends with its CRC (field 63)');
  if (crc16(code.slice(0, -4)) !== last.value) throw new SyntaxError('CRC mismatch');
  const get = (id: string) => fields.find((f) => f.id === id)?.value;
  const account = get('26');
  if (!account) throw new SyntaxError('Field 26 (Pix account) is missing');
  const accountFields = parseTlv(account);
  if (accountFields.find((f) => f.id === '00')?.value.toLowerCase() !== PIX_GUI) throw new SyntaxError('Field 26 is not a Pix account');
  const additional = get('62');
  if (additional === undefined) throw new SyntaxError('Field 62 is missing');
  return {
    key: accountFields.find((f) => f.id === '01')?.value,
    amount: get('54'),
    merchantName: get('59') ?? '',
    merchantCity: get('60') ?? '',
    txid: parseTlv(additional).find((f) => f.id === '05')?.value,
    crc: last.value,
    fields,
  };
}
