import { createReadStream } from "node:fs";
function endAfterBufferedEntries(zip) {
  const emit = zip.emit.bind(zip);
  zip.emit = ((event, ...args) => {
    if (event === "end" && zip.readableLength > 0) {
      zip.push(null);
      return true;
    }
    return emit(event, ...args);
  });
}
function xlsxInput(file) {
  const input = createReadStream(file);
  const pipe = input.pipe.bind(input);
  input.pipe = ((destination, options) => {
    endAfterBufferedEntries(destination);
    return pipe(destination, options);
  });
  return input;
}
export {
  xlsxInput
};
