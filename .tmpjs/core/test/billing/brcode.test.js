import t from "tap";
import { bankText, buildStaticPix, crc16, formatAmount, isValidTxid, parsePix, parseTlv, tlv } from "../../src/domains/billing/brcode.js";
const BCB_EXAMPLE = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
const EVP = "123e4567-e12b-12d1-a456-426655440000";
t.test('the CRC is CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', async (t2) => {
  t2.equal(crc16("123456789"), "29B1");
});
t.test("the central bank manual example parses and its CRC is 1D3D", async (t2) => {
  t2.equal(crc16(BCB_EXAMPLE.slice(0, -4)), "1D3D");
  const parsed = parsePix(BCB_EXAMPLE);
  t2.equal(parsed.crc, "1D3D");
  t2.equal(parsed.key, EVP);
  t2.equal(parsed.merchantName, "Fulano de Tal");
  t2.equal(parsed.merchantCity, "BRASILIA");
  t2.equal(parsed.txid, "***");
  t2.equal(parsed.amount, void 0);
  const rebuilt = parsed.fields.filter((f) => f.id !== "63").map((f) => tlv(f.id, f.value)).join("") + "6304";
  t2.equal(rebuilt + crc16(rebuilt), BCB_EXAMPLE);
});
t.test("a code with one character changed fails its CRC", async (t2) => {
  t2.throws(() => parsePix(BCB_EXAMPLE.replace("BRASILIA", "BRASILIO")), /CRC mismatch/);
  t2.throws(() => parsePix(BCB_EXAMPLE.slice(0, -1)), SyntaxError);
  t2.throws(() => parsePix(`${BCB_EXAMPLE}99`), SyntaxError, "trailing characters are refused");
});
t.test("a built code matches the verified regression vectors", async (t2) => {
  t2.equal(
    buildStaticPix({ key: "+5561999999999", merchantName: "Atrium Ltda", merchantCity: "S\xE3o Paulo", amount: 149.9, txid: "INV000042" }),
    "00020126360014br.gov.bcb.pix0114+55619999999995204000053039865406149.905802BR5911ATRIUM LTDA6009SAO PAULO62130509INV0000426304584F"
  );
  const withAmount = buildStaticPix({ key: EVP, merchantName: "Fulano de Tal", merchantCity: "Brasilia", amount: 10, txid: "ATRIUMINV42" });
  t2.match(withAmount, /540510\.00/);
  t2.match(withAmount, /62150511ATRIUMINV42/);
  t2.not(
    buildStaticPix({ key: EVP, merchantName: "Fulano", merchantCity: "Brasilia", amount: 10.01, txid: "A1" }).slice(-4),
    buildStaticPix({ key: EVP, merchantName: "Fulano", merchantCity: "Brasilia", amount: 10, txid: "A1" }).slice(-4),
    "any amount change changes the CRC"
  );
});
t.test("a built code round-trips through the parser with every field banks check", async (t2) => {
  const code = buildStaticPix({ key: "financeiro@atrium.com.br", merchantName: "Atrium Atendimento", merchantCity: "Macei\xF3", amount: 1799.4, txid: "ATRIUMINV7" });
  const parsed = parsePix(code);
  t2.equal(parsed.fields[0].id, "00");
  t2.equal(parsed.fields[0].value, "01");
  t2.equal(parsed.key, "financeiro@atrium.com.br");
  t2.equal(parsed.amount, "1799.40", "always two decimals");
  t2.equal(parsed.merchantCity, "MACEIO");
  t2.equal(parsed.txid, "ATRIUMINV7");
  t2.same(parsed.fields.map((f) => f.id), ["00", "26", "52", "53", "54", "58", "59", "60", "62", "63"]);
  t2.equal(parsed.fields.find((f) => f.id === "52").value, "0000");
  t2.equal(parsed.fields.find((f) => f.id === "53").value, "986");
  t2.equal(parsed.fields.find((f) => f.id === "58").value, "BR");
  t2.match(code, /^[\x20-\x7e]+$/, "ASCII only");
});
t.test("names and cities follow the banks' rules: uppercase ASCII without accents, 25 and 15 characters at most", async (t2) => {
  t2.equal(bankText("Jo\xE3o & Cia Ltda", 25), "JOAO CIA LTDA");
  t2.equal(bankText("S\xE3o Paulo", 15), "SAO PAULO");
  const code = buildStaticPix({
    key: EVP,
    merchantName: "Com\xE9rcio de Pe\xE7as e Acess\xF3rios Automotivos Ltda",
    merchantCity: "S\xE3o Jos\xE9 dos Campos",
    amount: 5,
    txid: "X1"
  });
  const parsed = parsePix(code);
  t2.equal(parsed.merchantName, "COMERCIO DE PECAS E ACESS");
  t2.ok(parsed.merchantName.length <= 25);
  t2.equal(parsed.merchantCity, "SAO JOSE DOS CA");
  t2.ok(parsed.merchantCity.length <= 15);
  t2.throws(() => buildStaticPix({ key: EVP, merchantName: "***", merchantCity: "Rio", txid: "A" }), RangeError, "a name with nothing left is refused");
});
t.test("txids are 1 to 25 letters or digits; none is written ***; field 62 is always there", async (t2) => {
  t2.ok(isValidTxid("ATRIUMINV42"));
  t2.notOk(isValidTxid("inv-42"), "hyphens are refused by banks");
  t2.notOk(isValidTxid("INV 42"), "spaces too");
  t2.notOk(isValidTxid("A".repeat(26)));
  t2.throws(() => buildStaticPix({ key: EVP, merchantName: "A", merchantCity: "B", txid: "123e4567-e12b" }), RangeError);
  const noTxid = parsePix(buildStaticPix({ key: EVP, merchantName: "A", merchantCity: "B" }));
  t2.equal(noTxid.txid, "***");
  t2.equal(noTxid.amount, void 0, "static code without an amount: the payer types it");
});
t.test("amounts have two decimals and a dot", async (t2) => {
  t2.equal(formatAmount(1.2), "1.20");
  t2.equal(formatAmount(149.9), "149.90");
  t2.equal(formatAmount(0.1 + 0.2), "0.30");
  t2.equal(formatAmount(1798.8), "1798.80");
});
t.test("the TLV reader refuses lengths that run past the end", async (t2) => {
  t2.same(parseTlv("0002AB0101X"), [{ id: "00", value: "AB" }, { id: "01", value: "X" }]);
  t2.throws(() => parseTlv("0005AB"), SyntaxError);
  t2.throws(() => tlv("54", "R$ 10,00 \xE9"), RangeError, "non-ASCII values are refused");
});
