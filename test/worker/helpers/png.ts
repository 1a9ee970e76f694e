import { crc32 } from "../../../src/lib/png";

/** Reads a PNG the way a decoder would: signature, chunks with their CRCs, IHDR, and the inflated rows. */
export async function decodePng(bytes: Uint8Array) {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((b, i) => bytes[i] === b)) throw new Error("no PNG signature");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: { type: string; data: Uint8Array }[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = view.getUint32(at);
    const type = new TextDecoder().decode(bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) {
      throw new Error(`bad CRC on ${type}`);
    }
    chunks.push({ type, data });
    at += 12 + length;
  }
  const header = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset, 13);
  const idat = chunks.filter((c) => c.type === "IDAT").map((c) => c.data);
  const inflated = new Blob(idat).stream().pipeThrough(new DecompressionStream("deflate"));
  return {
    types: chunks.map((c) => c.type),
    width: header.getUint32(0),
    height: header.getUint32(4),
    bitDepth: header.getUint8(8),
    colourType: header.getUint8(9),
    rows: new Uint8Array(await new Response(inflated).arrayBuffer()),
  };
}
