/** Where an export writes its chunks: a file on disk when the browser lets us pick one, else a download. */
export interface ExportSink {
  write(chunk: string): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

interface WritableFile {
  write(data: string): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<WritableFile> }>;

/**
 * Streams to a file the administrator picks (File System Access API: each chunk goes to disk as
 * it comes); where the browser has no file picker, or under automation, the chunks become one
 * download at the end (the browser keeps Blob parts outside the page's heap).
 */
export async function openExportSink(filename: string, mimeType: string): Promise<ExportSink> {
  const picker = (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  if (picker && !navigator.webdriver) {
    const extension = filename.slice(filename.lastIndexOf("."));
    const handle = await picker({
      suggestedName: filename,
      types: [{ description: filename, accept: { [mimeType]: [extension] } }],
    });
    const file = await handle.createWritable();
    return { write: (chunk) => file.write(chunk), close: () => file.close(), abort: () => file.abort() };
  }
  const parts: Blob[] = [];
  return {
    write: async (chunk) => void parts.push(new Blob([chunk], { type: mimeType })),
    close: async () => {
      const url = URL.createObjectURL(new Blob(parts, { type: mimeType }));
      const link = document.createElement("a");
      link.href = url;
      link.download = filename;
      link.rel = "noopener";
      link.style.display = "none";
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
    abort: async () => void parts.splice(0),
  };
}
