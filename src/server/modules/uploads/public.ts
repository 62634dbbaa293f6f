/** What other modules may take from uploads: files received, stored and served. */
export { brokenUpload, type IncomingFile, type UploadService, urlOf } from './uploads.service.ts';
