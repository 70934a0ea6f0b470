// Uploading one file to the media library with its progress: the rows the screen shows, and the
// XHR that sends the file.
import { OwnerMessages, OwnerUiMessages } from '@sc/contracts';
import { ensureCrumb } from '../../api/client.js';
import { fileProblem, uploadRefusal } from '../images.js';

export interface UploadRow {
  key: number;
  name: string;
  /** 0 to 100. */
  percent: number;
  /** How many progress events arrived (a file the browser sends in one piece has one). */
  events: number;
  state: 'uploading' | 'done' | 'failed';
  message?: string | undefined;
}

/** POSTs one file as multipart with XHR (fetch has no upload progress, so this is the one call beside api/client.ts); answers the parsed JSON or throws an Error with the SPEC text. */
export function send<T>(url: string, file: File, onProgress: (percent: number) => void): Promise<T> {
  const problem = fileProblem(file);
  if (problem) return Promise.reject(new Error(problem));
  if (file.name.trim() === '') return Promise.reject(new Error(OwnerMessages.fileNameRequired));
  return ensureCrumb().then(
    (token) =>
      new Promise<T>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', url);
        xhr.setRequestHeader('accept', 'application/json');
        if (token) xhr.setRequestHeader('x-csrf-token', token);
        xhr.responseType = 'json';
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
        };
        xhr.onload = () => {
          if (xhr.status >= 200 && xhr.status < 300 && xhr.response) resolve(xhr.response as T);
          else if (xhr.status >= 200 && xhr.status < 300) reject(new Error(OwnerUiMessages.noJobResponseData));
          else reject(new Error(uploadRefusal(xhr.response)));
        };
        xhr.onerror = () => reject(new Error(OwnerUiMessages.unableToConnect));
        xhr.onabort = () => reject(new Error(OwnerUiMessages.fileProcessingCancelled));
        const form = new FormData();
        form.append('file', file, file.name);
        xhr.send(form);
      }),
  );
}
