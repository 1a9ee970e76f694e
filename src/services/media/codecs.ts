// The image codecs Herald decodes and encodes with: Squoosh's WASM builds (@jsquash), loaded from bundled modules.
import jpegDecodeWasm from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm";
import jpegEncodeWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm";
import * as pngDecodeModule from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm";
import * as resizeModule from "@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm";
import webpDecodeWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";

/** Decoded pixels, as the codecs take and give them (the DOM's `ImageData`, which Workers' types lack). */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** These two ship type declarations of their wasm-bindgen exports; wrangler's rule makes the default the module. */
const compiled = (namespace: object) => (namespace as { default: WebAssembly.Module }).default;

/**
 * The codecs, loaded at first use. Workers cannot compile WASM from bytes at run time, so each is handed the module
 * wrangler bundled (`CompiledWasm`), once per isolate. They are imported late on purpose: on import they give
 * Workers a stub `self.location` (for Emscripten), which other libraries read as a real address; it is taken away
 * again once they are set up.
 */
async function loadCodecs() {
  const hadLocation = "location" in globalThis;
  const [jpegDecode, jpegEncode, pngDecode, pngEncode, webpDecode, resize] = await Promise.all([
    import("@jsquash/jpeg/decode"),
    import("@jsquash/jpeg/encode"),
    import("@jsquash/png/decode"),
    import("@jsquash/png/encode"),
    import("@jsquash/webp/decode"),
    import("@jsquash/resize"),
  ]);
  await Promise.all([
    jpegDecode.init(jpegDecodeWasm),
    jpegEncode.init(jpegEncodeWasm),
    // PNG's decoder and encoder are one module: initialising it once serves both.
    pngDecode.init(compiled(pngDecodeModule)),
    webpDecode.init(webpDecodeWasm),
    resize.initResize(compiled(resizeModule)),
  ]);
  if (!hadLocation) delete (globalThis as { location?: unknown }).location;
  type Codec = Parameters<typeof resize.default>[0];
  return {
    decoders: {
      "image/jpeg": (bytes: ArrayBuffer) => jpegDecode.default(bytes) as Promise<Pixels>,
      "image/png": (bytes: ArrayBuffer) => pngDecode.decode(bytes) as Promise<Pixels>,
      "image/webp": (bytes: ArrayBuffer) => webpDecode.default(bytes) as Promise<Pixels>,
    } as Record<string, (bytes: ArrayBuffer) => Promise<Pixels>>,
    resize: (image: Pixels, width: number, height: number) =>
      resize.default(image as Codec, { width, height }) as Promise<Pixels>,
    encodeJpeg: (image: Pixels, quality: number) => jpegEncode.default(image as Codec, { quality }),
    encodePng: (image: Pixels) => pngEncode.default(image as Codec),
  };
}

let codecs: ReturnType<typeof loadCodecs> | undefined;
const codecsReady = () => {
  codecs ??= loadCodecs().catch((error) => {
    codecs = undefined;
    throw error;
  });
  return codecs;
};

export async function decodeImage(bytes: ArrayBuffer, contentType: string): Promise<Pixels> {
  const decode = (await codecsReady()).decoders[contentType];
  if (!decode) throw new Error(`no decoder for ${contentType}`);
  return decode(bytes);
}

/** `image` (RGBA) as a PNG file. */
export async function encodePng(image: Pixels): Promise<Uint8Array> {
  return new Uint8Array(await (await codecsReady()).encodePng(image));
}

/** Resized with Lanczos (the Squoosh default); transparent pixels land on white, as JPEG has no alpha. */
export async function encodeJpegSized(image: Pixels, width: number, height: number, quality: number) {
  const { resize, encodeJpeg } = await codecsReady();
  const sized = width === image.width && height === image.height ? image : await resize(image, width, height);
  return new Uint8Array(await encodeJpeg(onWhite(sized), quality));
}

function onWhite(image: Pixels): Pixels {
  const data = new Uint8ClampedArray(image.data);
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]! / 255;
    if (alpha === 1) continue;
    for (let c = 0; c < 3; c++) data[i + c] = Math.round(data[i + c]! * alpha + 255 * (1 - alpha));
    data[i + 3] = 255;
  }
  return { data, width: image.width, height: image.height };
}
