import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isMultipartFile, MultipartError, parseMultipart } from "../../demo/server/src/http/multipart.ts";

const TYPE = "multipart/form-data; boundary=----kcBoundary42";
const body = (...parts: string[]) =>
  Buffer.from(parts.map((part) => `------kcBoundary42\r\n${part}\r\n`).join("") + "------kcBoundary42--\r\n");

describe("multipart/form-data parser", () => {
  it("reads text fields and files, keeping the file's bytes and type", () => {
    const fields = parseMultipart(
      body(
        'Content-Disposition: form-data; name="keystoreFormat"\r\n\r\nCertificate PEM',
        'Content-Disposition: form-data; name="file"; filename="cert.pem"\r\nContent-Type: application/x-pem-file\r\n\r\nline1\r\nline2',
      ),
      TYPE,
    );
    assert.equal(fields.keystoreFormat, "Certificate PEM");
    assert.ok(isMultipartFile(fields.file));
    assert.equal(fields.file.filename, "cert.pem");
    assert.equal(fields.file.contentType, "application/x-pem-file");
    assert.equal(fields.file.data.toString(), "line1\r\nline2");
  });

  it("reads a quoted boundary, an empty field and keeps the first of a repeated name", () => {
    const fields = parseMultipart(
      body(
        'Content-Disposition: form-data; name="a"\r\n\r\n',
        'Content-Disposition: form-data; name="b"\r\n\r\none',
        'Content-Disposition: form-data; name="b"\r\n\r\ntwo',
      ),
      'multipart/form-data; boundary="----kcBoundary42"',
    );
    assert.deepEqual(fields, { a: "", b: "one" });
  });

  it("refuses a missing boundary, an unterminated body, a nameless part and sizes over the limits", () => {
    assert.throws(() => parseMultipart(Buffer.from("x"), "multipart/form-data"), MultipartError);
    assert.throws(
      () =>
        parseMultipart(Buffer.from('------kcBoundary42\r\nContent-Disposition: form-data; name="a"\r\n\r\nx'), TYPE),
      /not terminated/,
    );
    assert.throws(() => parseMultipart(body("Content-Disposition: form-data\r\n\r\nx"), TYPE), /no name/);
    const limits = { parts: 1, fieldSize: 3, fileSize: 3 };
    assert.throws(
      () => parseMultipart(body('Content-Disposition: form-data; name="a"\r\n\r\nlong'), TYPE, limits),
      /too large/,
    );
    assert.throws(
      () => parseMultipart(body('Content-Disposition: form-data; name="f"; filename="x"\r\n\r\nlong'), TYPE, limits),
      /too large/,
    );
    const two = body(
      'Content-Disposition: form-data; name="a"\r\n\r\n1',
      'Content-Disposition: form-data; name="b"\r\n\r\n2',
    );
    assert.throws(() => parseMultipart(two, TYPE, limits), /Too many/);
  });
});
