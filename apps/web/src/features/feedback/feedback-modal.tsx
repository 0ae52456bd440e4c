import { Modal, Text } from '@mantine/core';

// The feedback modal of spec §2. To be completed by the feedback feature (type, text, files, loader).
export function FeedbackModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Обратная связь">
      <Text c="dimmed">Форма обратной связи появится здесь.</Text>
    </Modal>
  );
}
