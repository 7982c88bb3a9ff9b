/**
 * A body that is a file as it is — an image, a sound, a video, a font, a 3D model, a PDF, an archive, plain bytes —
 * rather than a representation of a resource in JSON: what json-media-type asks no JSON type of, and what the body
 * rules' `uploads` accept as a file sent as itself (uploads.ts). One list and one test, so that the two agree.
 */
import { isObject, mediaTypeName } from './oas';

/** Media types that carry one file as it is. */
const FILE_MEDIA_TYPE = /^(?:image|audio|video|font|model)\/|^application\/(?:octet-stream|pdf|zip|gzip|x-gzip|x-tar|x-7z-compressed|vnd\.rar)$/;

/** Whether a media type (parameters such as charset left out) carries a file as it is. */
export const isFileMediaType = (mediaType: string): boolean => FILE_MEDIA_TYPE.test(mediaTypeName(mediaType));

/**
 * A schema of bytes: a string of format binary (raw) or byte (base64); OpenAPI 3.1 says it with contentMediaType or
 * contentEncoding instead.
 */
export const isBytesSchema = (schema: unknown): boolean =>
  isObject(schema) &&
  schema.type === 'string' &&
  (schema.format === 'binary' || schema.format === 'byte' || schema.contentMediaType !== undefined || schema.contentEncoding !== undefined);

/** A body in `mediaType` whose schema is `schema`: a file when the type is a file's or the schema says bytes. */
export const isFileBody = (mediaType: string, schema: unknown): boolean => isFileMediaType(mediaType) || isBytesSchema(schema);
