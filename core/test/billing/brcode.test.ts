import t from 'tap';
import { bankText, buildStaticPix, crc16, formatAmount, isValidTxid, parsePix, parseTlv, tlv } from '../../src/domains/billing/brcode.js';

// The Banco Central's published example (Manual BR Code): static, EVP key, no amount.
const BCB_EXAMPLE = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const EVP = '123e4567-e12b-12d1-a456-426655440000';

t.test('the CRC is CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', async (t) => {
  t.equal(crc16('123456789'), '29B1');
});

t.test('the central bank manual example parses and its CRC is 1D3D', async (t) => {
  t.equal(crc16(BCB_EXAMPLE.slice(0, -4)), '1D3D');
  const parsed = parsePix(BCB_EXAMPLE);
  t.equal(parsed.crc, '1D3D');
  t.equal(parsed.key, EVP);
  t.equal(parsed.merchantName, 'Fulano de Tal');
  t.equal(parsed.merchantCity, 'BRASILIA');
  t.equal(parsed.txid, '***');
  t.equal(parsed.amount, undefined);
  // Rebuilt from its own fields, field by field, the example comes back byte for byte.
  const rebuilt = parsed.fields.filter((f) => f.id !== '63').map((f) => tlv(f.id, f.value)).join('') + '6304';
  t.equal(rebuilt + crc16(rebuilt), BCB_EXAMPLE);
});

t.test('a code with one character changed fails its CRC', async (t) => {
  t.throws(() => parsePix(BCB_EXAMPLE.replace('BRASILIA', 'BRASILIO')), /CRC mismatch/);
  t.throws(() => parsePix(BCB_EXAMPLE.slice(0, -1)), SyntaxError);
  t.throws(() => parsePix(`${BCB_EXAMPLE}99`), SyntaxError, 'trailing characters are refused');
});

t.test('a built code matches the verified regression vectors', async (t) => {
  t.equal(
    buildStaticPix({ key: '+5561999999999', merchantName: 'Atrium Ltda', merchantCity: 'São Paulo', amount: 149.9, txid: 'INV000042' }),
    '00020126360014br.gov.bcb.pix0114+55619999999995204000053039865406149.905802BR5911ATRIUM LTDA6009SAO PAULO62130509INV0000426304584F',
  );
  const withAmount = buildStaticPix({ key: EVP, merchantName: 'Fulano de Tal', merchantCity: 'Brasilia', amount: 10, txid: 'ATRIUMINV42' });
  t.match(withAmount, /540510\.00/);
  t.match(withAmount, /62150511ATRIUMINV42/);
  t.not(buildStaticPix({ key: EVP, merchantName: 'Fulano', merchantCity: 'Brasilia', amount: 10.01, txid: 'A1' }).slice(-4),
    buildStaticPix({ key: EVP, merchantName: 'Fulano', merchantCity: 'Brasilia', amount: 10, txid: 'A1' }).slice(-4), 'any amount change changes the CRC');
});

t.test('a built code round-trips through the parser with every field banks check', async (t) => {
  const code = buildStaticPix({ key: 'financeiro@atrium.com.br', merchantName: 'Atrium Atendimento', merchantCity: 'Maceió', amount: 1799.4, txid: 'ATRIUMINV7' });
  const parsed = parsePix(code);
  t.equal(parsed.fields[0].id, '00');
  t.equal(parsed.fields[0].value, '01');
  t.equal(parsed.key, 'financeiro@atrium.com.br');
  t.equal(parsed.amount, '1799.40', 'always two decimals');
  t.equal(parsed.merchantCity, 'MACEIO');
  t.equal(parsed.txid, 'ATRIUMINV7');
  t.same(parsed.fields.map((f) => f.id), ['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
  t.equal(parsed.fields.find((f) => f.id === '52')!.value, '0000');
  t.equal(parsed.fields.find((f) => f.id === '53')!.value, '986');
  t.equal(parsed.fields.find((f) => f.id === '58')!.value, 'BR');
  t.match(code, /^[\x20-\x7e]+$/, 'ASCII only');
});

t.test('names and cities follow the banks\' rules: uppercase ASCII without accents, 25 and 15 characters at most', async (t) => {
  t.equal(bankText('João & Cia Ltda', 25), 'JOAO CIA LTDA');
  t.equal(bankText('São Paulo', 15), 'SAO PAULO');
  const code = buildStaticPix({
    key: EVP, merchantName: 'Comércio de Peças e Acessórios Automotivos Ltda', merchantCity: 'São José dos Campos', amount: 5, txid: 'X1',
  });
  const parsed = parsePix(code);
  t.equal(parsed.merchantName, 'COMERCIO DE PECAS E ACESS');
  t.ok(parsed.merchantName.length <= 25);
  t.equal(parsed.merchantCity, 'SAO JOSE DOS CA');
  t.ok(parsed.merchantCity.length <= 15);
  t.throws(() => buildStaticPix({ key: EVP, merchantName: '***', merchantCity: 'Rio', txid: 'A' }), RangeError, 'a name with nothing left is refused');
});

t.test('txids are 1 to 25 letters or digits; none is written ***; field 62 is always there', async (t) => {
  t.ok(isValidTxid('ATRIUMINV42'));
  t.notOk(isValidTxid('inv-42'), 'hyphens are refused by banks');
  t.notOk(isValidTxid('INV 42'), 'spaces too');
  t.notOk(isValidTxid('A'.repeat(26)));
  t.throws(() => buildStaticPix({ key: EVP, merchantName: 'A', merchantCity: 'B', txid: '123e4567-e12b' }), RangeError);
  const noTxid = parsePix(buildStaticPix({ key: EVP, merchantName: 'A', merchantCity: 'B' }));
  t.equal(noTxid.txid, '***');
  t.equal(noTxid.amount, undefined, 'static code without an amount: the payer types it');
});

t.test('amounts have two decimals and a dot', async (t) => {
  t.equal(formatAmount(1.2), '1.20');
  t.equal(formatAmount(149.9), '149.90');
  t.equal(formatAmount(0.1 + 0.2), '0.30');
  t.equal(formatAmount(1798.8), '1798.80');
});

t.test('the TLV reader refuses lengths that run past the end', async (t) => {
  t.same(parseTlv('0002AB0101X'), [{ id: '00', value: 'AB' }, { id: '01', value: 'X' }]);
  t.throws(() => parseTlv('0005AB'), SyntaxError);
  t.throws(() => tlv('54', 'R$ 10,00 é'), RangeError, 'non-ASCII values are refused');
});
