/** Where the editor serves a staff draft's pictures (they are in the draft's branch, not under site/assets/ of the working copy). */
export const DRAFT_PICTURES_API = "/admin/api/draft-pictures/";

/** A draft's picture's address for the editor's preview and review: /admin/api/draft-pictures/3/industries--mining/industries/mining/field.webp */
export const draftPictureAddress = (branch: string, src: string): string => `${DRAFT_PICTURES_API}${branch.replace(/^drafts\//, "")}${src}`;
