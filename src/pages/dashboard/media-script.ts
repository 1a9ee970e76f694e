/**
 * The media page's script (served at `/dashboard/media.js`): drop files anywhere on the upload area to upload them.
 * The form works without it: its plain file input and Upload button post the same form.
 */
export const MEDIA_SCRIPT = `(() => {
  const form = document.getElementById("media-upload");
  if (!form) return;
  const input = form.querySelector("input[type=file]");
  const area = form.querySelector(".drop");
  area.hidden = false;
  const over = (on) => (event) => {
    event.preventDefault();
    area.classList.toggle("over", on);
  };
  ["dragenter", "dragover"].forEach((name) => area.addEventListener(name, over(true)));
  ["dragleave", "dragend"].forEach((name) => area.addEventListener(name, over(false)));
  area.addEventListener("drop", (event) => {
    over(false)(event);
    if (!event.dataTransfer || event.dataTransfer.files.length === 0) return;
    const files = new DataTransfer();
    files.items.add(event.dataTransfer.files[0]);
    input.files = files.files;
    form.requestSubmit();
  });
})();
`;
