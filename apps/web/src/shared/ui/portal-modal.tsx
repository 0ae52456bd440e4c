/**
 * The portal's modal (spec §2): a Mantine modal that does not close on a click outside — it shakes for 500 ms
 * instead, so a half-filled form is never lost by a stray click. Escape and the close button still close it.
 * Takes every prop of Mantine's Modal.
 */
import { Modal, type ModalProps } from '@mantine/core';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import './portal-modal.css';

/** Spec §9: modal shake. */
export const MODAL_SHAKE_MS = 500;

export function PortalModal({ overlayProps, attributes, ...props }: ModalProps) {
  const [shaking, setShaking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function shake(event: MouseEvent<HTMLDivElement>) {
    overlayProps?.onClick?.(event);
    clearTimeout(timer.current);
    // Restart the animation when clicked again while it runs.
    setShaking(false);
    requestAnimationFrame(() => setShaking(true));
    timer.current = setTimeout(() => setShaking(false), MODAL_SHAKE_MS);
  }

  return (
    <Modal
      centered
      radius="md"
      {...props}
      closeOnClickOutside={false}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2, ...overlayProps, onClick: shake }}
      attributes={{
        ...attributes,
        content: { ...attributes?.content, 'data-portal-modal': true, 'data-shaking': shaking || undefined },
      }}
      closeButtonProps={{ 'aria-label': 'Закрыть', ...props.closeButtonProps }}
    />
  );
}
