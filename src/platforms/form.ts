/**
 * A multipart body typed by the platform's own parameter type: the fields its package names, each sent as text
 * or as a file, so a misspelt or missing field fails the typecheck as it does in a JSON body.
 */

/** A file part: the bytes and the name the platform sees. */
export interface FormFile {
  blob: Blob;
  filename?: string;
}

/** Text for strings, numbers and booleans (as the form sends them); a file for anything else (Blob, Buffer…). */
type FormValue<T> = [NonNullable<T>] extends [string | number | boolean] ? NonNullable<T> : FormFile;

/** The fields of a parameter type `T`, with its names and optionality. */
export type FormFields<T> = { [K in keyof T]: FormValue<T[K]> };

/** The fields as `multipart/form-data`, in their order; fields left undefined are not sent. */
export function formData<T>(fields: FormFields<T>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields) as [string, FormFile | string | number | boolean | undefined][]) {
    if (value === undefined) continue;
    if (typeof value !== "object") form.append(name, String(value));
    else if (value.filename === undefined) form.append(name, value.blob);
    else form.append(name, value.blob, value.filename);
  }
  return form;
}
