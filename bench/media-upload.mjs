// `BENCH_ONLY=media npm run bench`: a 200 MB file through the resumable upload (start, 8 MiB parts, complete) set
// against the floor of writing the same bytes to local R2 in one put, as throughput and their ratio.
import { call } from "../scripts/lib/server.mjs";

const SIZE = 200 * 1024 * 1024;

/** A PNG header followed by noise: a real image of 200 MB, as the upload reads its type from the first bytes. */
function file() {
  const bytes = new Uint8Array(SIZE);
  for (let at = 0; at < SIZE; at += 65536) crypto.getRandomValues(bytes.subarray(at, at + 65536));
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC",
    "base64",
  );
  bytes.set(png);
  return bytes;
}

const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;

export async function mediaUpload(baseUrl, key) {
  const bytes = file();
  const headers = { "x-api-key": key };
  const floorStart = process.hrtime.bigint();
  const floor = await fetch(`${baseUrl}/bench/r2-floor`, { method: "PUT", body: bytes });
  if (floor.status !== 201) throw new Error(`r2 floor: ${floor.status} ${await floor.text()}`);
  const floorS = seconds(floorStart);

  const start = process.hrtime.bigint();
  const upload = await call(
    baseUrl,
    "POST",
    "/api/v1/media/uploads",
    { filename: "bench.png", content_type: "image/png", size: SIZE },
    key,
  );
  for (let n = 1; n <= upload.parts; n++) {
    const part = bytes.subarray((n - 1) * upload.part_size, Math.min(n * upload.part_size, SIZE));
    const res = await fetch(`${baseUrl}/api/v1/media/uploads/${upload.upload_id}/parts/${n}`, {
      method: "PUT",
      headers,
      body: part,
    });
    if (res.status !== 200) throw new Error(`part ${n}: ${res.status} ${await res.text()}`);
  }
  const media = await call(baseUrl, "POST", `/api/v1/media/uploads/${upload.upload_id}/complete`, undefined, key);
  const uploadS = seconds(start);
  await call(baseUrl, "DELETE", `/api/v1/media/${media.id}`, undefined, key);

  const mbps = (s) => SIZE / (1024 * 1024) / s;
  console.log(`\nMedia upload: ${SIZE / (1024 * 1024)} MB`);
  console.log(`  floor: one R2 put              ${floorS.toFixed(2)} s  ${mbps(floorS).toFixed(1)} MB/s`);
  console.log(
    `  resumable (${upload.parts} × ${upload.part_size / (1024 * 1024)} MiB)  ${uploadS.toFixed(2)} s  ${mbps(uploadS).toFixed(1)} MB/s  ratio ${(mbps(uploadS) / mbps(floorS)).toFixed(2)} of the floor`,
  );
  return [
    { name: "floor: one R2 put of 200 MB", seconds: floorS, mb_per_s: mbps(floorS) },
    {
      name: "resumable upload of 200 MB",
      seconds: uploadS,
      mb_per_s: mbps(uploadS),
      ratio: mbps(uploadS) / mbps(floorS),
    },
  ];
}
