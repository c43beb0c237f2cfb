/** Spec §2 admin: new-company opens a branch, edit-company lists and edits them. */
export const NEW_BRANCH_PATH = '/admin/new-company';
export const BRANCHES_PATH = '/admin/edit-company';
