/** Text made safe to put into HTML, in an element or a quoted attribute: the one escaping of the server's pages, mails and the guest SSR. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
