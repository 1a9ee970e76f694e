import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { PDFDocument } from "@cantoo/pdf-lib";
import { encodePng } from "../../../src/services/media/codecs";
import { type Answer, api } from "./api";

/** A PNG of `width`×`height`: one colour, or noise (which does not compress: a large file for its pixels). */
export function png(width = 1, height = 1, { noise = false } = {}) {
  const data = new Uint8ClampedArray(width * height * 4);
  const bytes = new Uint8Array(data.buffer);
  if (noise) for (let at = 0; at < bytes.length; at += 65536) crypto.getRandomValues(bytes.subarray(at, at + 65536));
  else data.fill(200);
  // Opaque: a transparent pixel would be flattened to white in a JPEG copy, as the tests need not.
  for (let at = 3; at < data.length; at += 4) data[at] = 255;
  return encodePng({ data, width, height });
}

/** A PDF of `pages` pages. */
export async function pdf(pages = 1) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 100]);
  return doc.save();
}

/** An MP4 made longer by a trailing `free` box (which players skip): a real video of any size. */
export function padded(video: Uint8Array, size: number) {
  const out = new Uint8Array(size);
  out.set(video);
  const view = new DataView(out.buffer);
  view.setUint32(video.byteLength, size - video.byteLength);
  out.set(new TextEncoder().encode("free"), video.byteLength + 4);
  return out;
}

/** `POST /api/v1/media` as a browser's form sends it. */
export async function uploadForm(
  key: string,
  bytes: Uint8Array,
  { filename = "file.bin", type = "", altText }: { filename?: string; type?: string; altText?: string } = {},
): Promise<Answer> {
  const form = new FormData();
  form.append("file", new File([bytes], filename, { type }));
  if (altText !== undefined) form.append("alt_text", altText);
  const res = await exports.default.fetch(
    new Request("http://herald.test/api/v1/media", { method: "POST", headers: { "x-api-key": key }, body: form }),
  );
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** Uploads and answers the media item; fails the test on anything but 201. */
export async function uploaded(key: string, bytes: Uint8Array, options: Parameters<typeof uploadForm>[2] = {}) {
  const res = await uploadForm(key, bytes, options);
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** One part of a resumable upload. */
export async function putPart(key: string, uploadId: string, n: number, bytes: Uint8Array): Promise<Answer> {
  const res = await exports.default.fetch(
    new Request(`http://herald.test/api/v1/media/uploads/${uploadId}/parts/${n}`, {
      method: "PUT",
      headers: { "x-api-key": key, "content-type": "application/octet-stream" },
      body: bytes,
    }),
  );
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** Part `n` (from 1) of `bytes` cut as the upload says. */
export const partOf = (bytes: Uint8Array, partSize: number, n: number) =>
  bytes.subarray((n - 1) * partSize, Math.min(n * partSize, bytes.byteLength));

export const MIB = 1024 * 1024;

/** Resumable uploads cut in R2's smallest parts, so tests move few bytes. */
export const smallParts = (key: string) =>
  api("PATCH", "/api/v1/sandbox/config", { key, body: { media_part_size_bytes: 5 * MIB } });

/** What the bucket and the tables hold: the objects, media rows and open uploads. */
export async function stored() {
  const objects = (await env.MEDIA.list()).objects.map((o) => o.key);
  const media = (await env.DB.prepare("SELECT COUNT(*) AS n FROM media").first<{ n: number }>())!.n;
  const uploads = (await env.DB.prepare("SELECT COUNT(*) AS n FROM media_uploads").first<{ n: number }>())!.n;
  return { objects, media, uploads };
}
