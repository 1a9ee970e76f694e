import { decodePDFRawStream, PDFArray, type PDFContentStream, type PDFDocument, PDFRawStream } from "@cantoo/pdf-lib";

/** The text drawn on every page: each page's content streams decoded, their hex strings (pdf-lib's `<…> Tj`) read. */
export function pdfText(doc: PDFDocument): string {
  const texts: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      const bytes =
        stream instanceof PDFRawStream
          ? decodePDFRawStream(stream).decode()
          : (stream as PDFContentStream).getContents();
      const operators = new TextDecoder("latin1").decode(bytes);
      for (const hex of operators.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
        texts.push(hex[1]!.replace(/../g, (h) => String.fromCharCode(Number.parseInt(h, 16))));
    }
  }
  return texts.join("\n");
}
