import { Modal, Text } from '@mantine/core';

// The drafts modal of spec §2. To be completed by the orders feature (list, rename, save, delete, use, proposal).
export function DraftsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Черновики">
      <Text c="dimmed">Черновики отсутствуют</Text>
    </Modal>
  );
}
