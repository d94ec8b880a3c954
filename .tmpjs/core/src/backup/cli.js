import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { createBackup } from "./backup.js";
import { restoreBackup } from "./restore.js";
import { isEncrypted } from "./envelope.js";
const USAGE = `usage: npm run backup -- <file> [--encrypt] [--passphrase-file <file>]
       npm run restore -- <file> [--force] [--passphrase-file <file>]`;
function parse(argv) {
  const [command, ...rest] = argv;
  const flags = /* @__PURE__ */ new Set();
  let file;
  let passphraseFile;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === "--passphrase-file") passphraseFile = rest[++i];
    else if (rest[i].startsWith("--")) flags.add(rest[i]);
    else if (!file) file = rest[i];
    else throw new Error(`unexpected argument ${rest[i]}
${USAGE}`);
  }
  const known = command === "backup" ? ["--encrypt"] : ["--force"];
  const unknown = [...flags].filter((f) => !known.includes(f));
  if (!["backup", "restore"].includes(command) || !file || unknown.length) throw new Error(`${unknown.length ? `unknown option ${unknown[0]}
` : ""}${USAGE}`);
  return { command, file, flags, passphraseFile };
}
async function ask(question) {
  if (!process.stdin.isTTY) throw new Error("A passphrase is needed: set ATRIUM_BACKUP_PASSPHRASE or pass --passphrase-file");
  let muted = false;
  const output = new Writable({ write(chunk, _enc, done) {
    if (!muted) process.stderr.write(chunk);
    done();
  } });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const answer = new Promise((resolve) => rl.question(question, resolve));
  muted = true;
  const value = await answer;
  rl.close();
  process.stderr.write("\n");
  return value;
}
async function passphrase(file, confirm) {
  if (file) return readFileSync(file, "utf8").replace(/\r?\n$/, "");
  if (process.env.ATRIUM_BACKUP_PASSPHRASE) return process.env.ATRIUM_BACKUP_PASSPHRASE;
  const value = await ask("Passphrase: ");
  if (confirm && await ask("Again: ") !== value) throw new Error("The passphrases differ");
  return value;
}
async function main() {
  const { command, file, flags, passphraseFile } = parse(process.argv.slice(2));
  if (command === "backup") {
    const secret2 = flags.has("--encrypt") ? await passphrase(passphraseFile, true) : void 0;
    if (secret2 !== void 0 && secret2.length < 8) throw new Error("Use a passphrase of 8 characters or more");
    const manifest2 = await createBackup({ file, passphrase: secret2 });
    process.stdout.write(`Backed up the ${manifest2.database} database, ${manifest2.media.files} media files (${manifest2.media.bytes} bytes)${manifest2.containsSecrets ? " and the secrets file" : ""} to ${file}${secret2 ? " (encrypted)" : ""}.
`);
    if (manifest2.containsSecrets && !secret2) process.stdout.write(`${manifest2.notice}
`);
    if (manifest2.secretsFromEnvironment.length) {
      process.stdout.write(`The server takes ${manifest2.secretsFromEnvironment.join(", ")} from its environment: they are not in the archive; keep them with it.
`);
    }
    return;
  }
  const secret = await isEncrypted(file) ? await passphrase(passphraseFile, false) : void 0;
  const manifest = await restoreBackup({ file, passphrase: secret, force: flags.has("--force") });
  process.stdout.write(`Restored the ${manifest.database} database, ${manifest.media.files} media files${manifest.containsSecrets ? " and the secrets file" : ""} from the backup of ${manifest.createdAt}. Start the server as usual.
`);
  if (manifest.secretsFromEnvironment.length) {
    process.stdout.write(`The backed-up server took ${manifest.secretsFromEnvironment.join(", ")} from its environment: give the restored one the same values.
`);
  }
}
main().catch((err) => {
  process.stderr.write(`${err.message}
`);
  process.exit(1);
});
