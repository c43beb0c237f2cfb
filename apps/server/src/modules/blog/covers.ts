import { BLOG_COVER_IMAGE, blogCoverAddress, blogCoverKeyOf } from '@crm/contracts';
import type { FileStorage } from '../../platform/files.js';
import { type PictureBox, resizePicture } from '../../platform/images.js';
import { PublicPictures } from '../../platform/public-pictures.js';

const COVER_BOX: PictureBox = { maxPixels: BLOG_COVER_IMAGE.pixels, format: 'jpeg' };

/**
 * The blog's cover pictures: public pictures (an <img> sends no token) in their own folder of the file storage
 * (`<files>/blog-covers/<company_id>/<key>`), so a cover address can never name a private file.
 */
export class BlogCovers extends PublicPictures {
  constructor(files: FileStorage) {
    super(files, 'blog-covers', { addressOf: blogCoverAddress, keyOf: blogCoverKeyOf });
  }

  /** Re-encodes the upload (platform/images.ts) and stores it; answers its address. */
  async saveUpload(companyId: number, bytes: Buffer): Promise<string> {
    return this.save(companyId, (await resizePicture(bytes, COVER_BOX)).bytes);
  }

  /** A post's cover as the input names it: none, or a cover of this company still stored (else 400 on `cover`). */
  checkedCover(companyId: number, address: string | null): Promise<string | null> {
    return this.checked(companyId, address, 'cover');
  }
}
