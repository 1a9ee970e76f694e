/** Markdown files imported as their text (wrangler's Text module rule). */
declare module "*.md" {
  const text: string;
  export default text;
}
