// The dialogs of the reservation editor that belong to this area.
export { DuplicateModal } from './DuplicateModal.tsx';
export { NotesModal } from './NotesModal.tsx';
export { PharmacyModal } from './PharmacyModal.tsx';
export { StaffCancelModal } from './StaffCancelModal.tsx';
