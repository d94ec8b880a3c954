import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { badRequest } from "../../http/errors.js";
async function receiveToTemp(request, code = "ERR_NO_FILE") {
  if (!request.isMultipart()) throw badRequest(code, "Send the file as multipart/form-data");
  const dir = await mkdtemp(path.join(os.tmpdir(), "atrium-upload-"));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const fields = {};
  let saved;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (saved) {
        part.file.resume();
        continue;
      }
      const file = path.join(dir, "upload");
      await pipeline(part.file, (await open(file, "wx")).createWriteStream());
      if (part.file.truncated) throw badRequest("ERR_FILE_TOO_LARGE", "File is too large");
      saved = { file, filename: part.filename, mimetype: part.mimetype };
    }
  } catch (err) {
    await cleanup();
    throw err;
  }
  if (!saved) {
    await cleanup();
    throw badRequest(code, "No file was sent");
  }
  return { ...saved, fields, cleanup };
}
export {
  receiveToTemp
};
