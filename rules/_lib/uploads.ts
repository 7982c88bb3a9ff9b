/**
 * Request bodies that are a file sent as itself (Xero's PUT /Invoices/{InvoiceID}/Attachments/{FileName} with
 * `application/octet-stream`, an image, a `type: file` form field): not a representation of a resource in JSON, so
 * an API that uploads files so is not asked for JSON there (post-request-body's and put-request-body's `uploads`).
 */
import { isObject, type Model, type Operation } from './oas';
import { isBytesSchema, isFileBody } from './fileBodies';

/** A multipart form with a file in it (Box's POST /files/content: the file and its attributes as parts). */
const isFileForm = (mediaType: string, schema: unknown) =>
  /^multipart\/form-data\b/i.test(mediaType) && isObject(schema) && isObject(schema.properties) && Object.values(schema.properties).some(isBytesSchema);

/** Whether the operation's request body is a file: every media type of it carries one, or a multipart form with one (Swagger 2: a `file` parameter or a bytes body). */
export function isFileUpload(op: Operation, model: Pick<Model, 'spec'>): boolean {
  if (model.spec === 'oas2') {
    const body = op.parameters.filter(p => p.in === 'body' || p.in === 'formData');
    return body.length > 0 && body.some(p => p.value.type === 'file' || (p.in === 'body' && isBytesSchema(p.value.schema)));
  }
  const rb = op.value.requestBody;
  const content = isObject(rb) && isObject(rb.content) ? Object.entries(rb.content) : [];
  return (
    content.length > 0 &&
    content.every(([mt, media]) => isFileBody(mt, isObject(media) ? media.schema : undefined) || (isObject(media) && isFileForm(mt, media.schema)))
  );
}

/** The `uploads` option of the body rules. */
export const uploadsOption = (method: string, example: string) => ({
  schema: { type: 'boolean' },
  default: false,
  description: `Whether a ${method} body that is a file sent as itself (a file's media type such as application/octet-stream, a PDF, an archive, an image or a font; a string of bytes; a form with a file field) is accepted besides JSON (${example}).`,
  example: true,
});
