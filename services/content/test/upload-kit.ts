// A multipart/form-data body with one image file, as the admin's uploads send it (the media and
// S3 store suites; assets.test.ts builds broken ones of its own).
const BOUNDARY = '----sc-upload-kit-51c2';

export function imageUpload(name: string, bytes: Buffer, type = 'image/png'): { body: Buffer; headers: Record<string, string> } {
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, host: 'shop.example.test' } };
}
