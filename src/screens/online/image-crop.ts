/**
 * Draws the chosen part of a picture at the stored size and encodes it (WebP where the browser
 * can, else JPEG): a 4–12 MB phone photo becomes a file of some tens of kilobytes before it is
 * sent. react-easy-crop gives the part (in the picture's own pixels); the canvas does the rest.
 */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function renderCrop(source: ImageBitmap, area: CropArea, width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, area.x, area.y, area.width, area.height, 0, 0, width, height);
  const encode = (type: string) =>
    new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));
  // a browser that cannot write WebP hands back a PNG: ask for JPEG then
  const webp = await encode('image/webp');
  const blob = webp?.type === 'image/webp' ? webp : await encode('image/jpeg');
  if (!blob) throw new Error('the canvas made no image');
  return blob;
}
