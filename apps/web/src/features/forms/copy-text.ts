/**
 * Puts a text on the clipboard. The Clipboard API needs a secure page and the user's permission; where it
 * is refused, a selected hidden text box is copied the old way.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const box = document.createElement('textarea');
    box.value = text;
    box.setAttribute('readonly', '');
    box.style.position = 'fixed';
    box.style.opacity = '0';
    document.body.append(box);
    box.select();
    const copied = document.execCommand?.('copy') ?? false;
    box.remove();
    return copied;
  }
}
