// The report as a file: its CSV or PDF, named after its period, as the route answers it and a scheduled mail attaches it.
import type { Report } from "./report";
import { reportCsv } from "./report-csv";
import { reportPdf } from "./report-pdf";

export interface ReportFile {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export async function reportFile(report: Report, format: "csv" | "pdf"): Promise<ReportFile> {
  const filename = `report ${report.from.slice(0, 10)} ${report.to.slice(0, 10)}.${format}`;
  if (format === "csv") {
    return { filename, contentType: "text/csv; charset=utf-8", content: new TextEncoder().encode(reportCsv(report)) };
  }
  return { filename, contentType: "application/pdf", content: await reportPdf(report) };
}
