const PIX_GUI = "br.gov.bcb.pix";
const MAX_MERCHANT_NAME = 25;
const MAX_MERCHANT_CITY = 15;
const TXID = /^[A-Za-z0-9]{1,25}$/;
function crc16(text) {
  let crc = 65535;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 32768 ? (crc << 1 ^ 4129) & 65535 : crc << 1 & 65535;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}
function tlv(id, value) {
  if (!/^\d{2}$/.test(id)) throw new RangeError(`BR Code field id must be two digits: ${id}`);
  if (value.length > 99) throw new RangeError(`BR Code field ${id} is longer than 99 characters`);
  if (!/^[\x20-\x7e]*$/.test(value)) throw new RangeError(`BR Code field ${id} must be printable ASCII`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}
function parseTlv(text) {
  const fields = [];
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
function bankText(text, max) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toUpperCase().replace(/[^A-Z0-9 ]+/g, " ").replace(/\s+/g, " ").trim().slice(0, max).trim();
}
function isValidTxid(txid) {
  return TXID.test(txid);
}
const formatAmount = (value) => (Math.round(value * 100) / 100).toFixed(2);
function buildStaticPix(input) {
  const key = input.key.trim();
  if (!key || key.length > 77) throw new RangeError("The Pix key must have 1 to 77 characters");
  const name = bankText(input.merchantName, MAX_MERCHANT_NAME);
  const city = bankText(input.merchantCity, MAX_MERCHANT_CITY);
  if (!name || !city) throw new RangeError("The merchant name and city must keep at least one letter or digit");
  const txid = input.txid ?? "***";
  if (txid !== "***" && !isValidTxid(txid)) throw new RangeError("The txid must be 1 to 25 letters or digits");
  const description = input.description ? bankText(input.description, 40) : "";
  const account = tlv("00", PIX_GUI) + tlv("01", key) + (description ? tlv("02", description) : "");
  const body = tlv("00", "01") + tlv("26", account) + tlv("52", "0000") + tlv("53", "986") + (input.amount !== void 0 ? tlv("54", formatAmount(input.amount)) : "") + tlv("58", "BR") + tlv("59", name) + tlv("60", city) + tlv("62", tlv("05", txid)) + "6304";
  return body + crc16(body);
}
function parsePix(code) {
  const fields = parseTlv(code);
  if (fields[0]?.id !== "00" || fields[0].value !== "01") throw new SyntaxError("A BR Code starts with 000201");
  const last = fields[fields.length - 1];
  if (last?.id !== "63" || last.value.length !== 4) throw new SyntaxError("A BR Code ends with its CRC (field 63)");
  if (crc16(code.slice(0, -4)) !== last.value) throw new SyntaxError("CRC mismatch");
  const get = (id) => fields.find((f) => f.id === id)?.value;
  const account = get("26");
  if (!account) throw new SyntaxError("Field 26 (Pix account) is missing");
  const accountFields = parseTlv(account);
  if (accountFields.find((f) => f.id === "00")?.value.toLowerCase() !== PIX_GUI) throw new SyntaxError("Field 26 is not a Pix account");
  const additional = get("62");
  if (additional === void 0) throw new SyntaxError("Field 62 is missing");
  return {
    key: accountFields.find((f) => f.id === "01")?.value,
    amount: get("54"),
    merchantName: get("59") ?? "",
    merchantCity: get("60") ?? "",
    txid: parseTlv(additional).find((f) => f.id === "05")?.value,
    crc: last.value,
    fields
  };
}
export {
  MAX_MERCHANT_CITY,
  MAX_MERCHANT_NAME,
  PIX_GUI,
  bankText,
  buildStaticPix,
  crc16,
  formatAmount,
  isValidTxid,
  parsePix,
  parseTlv,
  tlv
};
