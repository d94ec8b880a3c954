function multipart(fields, files) {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const chunks = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r
Content-Disposition: form-data; name="${name}"\r
\r
${value}\r
`));
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r
Content-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r
Content-Type: ${f.mimetype ?? "application/octet-stream"}\r
\r
`));
    chunks.push(f.content, Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r
`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
export {
  multipart
};
