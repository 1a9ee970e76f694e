// The collected-data CSV: a flow's answers, newest first, counted once and streamed a page at a time.
import { csvRow } from "../../lib/csv";
import type { Runtime } from "../runtime";
import { countItems, itemFilters, itemsPage, presentItem } from "./collected-data";

const COLUMNS = ["collected_at", "field_label", "field_type", "value", "valid", "id"] as const;
/** Rows read per round trip to D1. */
const PAGE = 1_000;

/**
 * Every answer `flowId` collected as CSV (RFC 4180, formulas defused), newest first: the answers are counted once,
 * then read a page at a time as the client takes them (one read each). At most `collected_csv_max_rows` rows, so a
 * download stays within D1's queries per invocation: past them the last row says the file was cut, how many of how
 * many answers it holds, and the REST export call that continues from there. The caller checks the rollout (once).
 */
export async function collectedDataCsv(rt: Runtime, userId: string, flowId: string) {
  const filters = itemFilters(userId, { flow_id: flowId });
  const total = await countItems(rt, filters);
  const most = rt.config.collected_csv_max_rows;
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvRow(COLUMNS)));
    },
    async pull(controller) {
      const { page, next_cursor } = await itemsPage(rt, filters, Math.min(PAGE, most - sent), cursor);
      const rows = page.map(presentItem).map((i) => [i.collectedAt, i.fieldLabel, i.fieldType, i.value, i.valid, i.id]);
      controller.enqueue(encoder.encode(rows.map(csvRow).join("")));
      sent += page.length;
      cursor = next_cursor ?? undefined;
      if (cursor !== undefined && sent >= most) {
        const rest = `/api/v1/collected-data?flow_id=${encodeURIComponent(flowId)}&cursor=${encodeURIComponent(cursor)}`;
        const why = `# export cut: ${sent} of ${total} answers (the most one file holds); the older ones continue with GET ${rest}`;
        controller.enqueue(encoder.encode(csvRow([why, "", "", "", "", ""])));
      }
      if (cursor === undefined || sent >= most) controller.close();
    },
  });
}
