import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { ZoomIn, ZoomOut } from 'lucide-react';
import { CROP_ZOOM } from '@/lib/ui-constants';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Slider } from '@/components/ui/slider';
import { CROP_SETTINGS, cropToJpeg, type CropKind } from '@/lib/crop-image';
import { COMMON_TEXTS } from '@/lib/texts';

interface CropDialogProps {
  kind: CropKind;
  /** Replaces the default title ("Adjust profile photo" / "Adjust banner"). */
  title?: string;
  /** An object URL of the chosen file; null when closed. */
  source: string | null;
  onCancel: () => void;
  onCropped: (image: Blob) => void;
}

/**
 * "Adjust profile photo" (1:1, round) or "Adjust banner" (3:1), zoom 1 to 4 (by 0.01 when dragged, 0.1 per arrow key), Cancel and Save. Shared by
 * the profile and the community page.
 */
export function CropDialog({ kind, title, source, onCancel, onCropped }: CropDialogProps) {
  const settings = CROP_SETTINGS[kind];
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(CROP_ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const zoomText = zoom.toFixed(2);

  const save = async () => {
    if (!source || !area || saving) return;
    setSaving(true);
    setError(null);
    try {
      onCropped(await cropToJpeg(source, area, settings.width, settings.height));
    } catch (cause) {
      console.error(cause);
      setError(COMMON_TEXTS.cropFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={source !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent title={title ?? settings.title} description={COMMON_TEXTS.cropHint} className="max-w-xl">
        <div
          className={
            kind === 'photo'
              ? 'relative mx-auto aspect-square w-full max-w-sm overflow-hidden rounded-xl bg-overlay'
              : 'relative aspect-[2/1] w-full overflow-hidden rounded-xl bg-overlay'
          }
        >
          {source ? (
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              minZoom={CROP_ZOOM.min}
              maxZoom={CROP_ZOOM.max}
              zoomSpeed={0.2}
              aspect={settings.aspect}
              cropShape={settings.shape}
              showGrid={kind === 'banner'}
              objectFit="cover"
              disableAutomaticStylesInjection
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              // The crop frame takes focus and moves with the arrow keys: it needs a name.
              cropperProps={{ role: 'group', 'aria-label': COMMON_TEXTS.cropArea, 'aria-roledescription': 'crop area' }}
              mediaProps={{ alt: COMMON_TEXTS.chosenPicture }}
            />
          ) : null}
        </div>
        <div className="mt-5 flex items-center gap-3">
          <ZoomOut className="size-4 shrink-0 text-fg-subtle" aria-hidden />
          <Slider
            label={COMMON_TEXTS.zoom}
            valueText={COMMON_TEXTS.zoomTimes(zoomText)}
            value={zoom}
            onValueChange={setZoom}
            min={CROP_ZOOM.min}
            max={CROP_ZOOM.max}
            step={CROP_ZOOM.step}
            keyStep={CROP_ZOOM.keyStep}
          />
          <ZoomIn className="size-4 shrink-0 text-fg-subtle" aria-hidden />
          <output aria-hidden className="w-12 shrink-0 text-right text-sm font-medium text-fg-muted tabular-nums">
            {zoomText}×
          </output>
        </div>
        {error ? (
          <p role="alert" className="mt-3 text-sm text-danger-fg">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            {COMMON_TEXTS.cancel}
          </Button>
          <Button onClick={save} disabled={!area || saving}>
            {saving ? COMMON_TEXTS.saving : COMMON_TEXTS.save}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
