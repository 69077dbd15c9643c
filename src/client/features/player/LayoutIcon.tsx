import AppsIcon from '@mui/icons-material/Apps';
import CropSquareIcon from '@mui/icons-material/CropSquare';
import GridViewIcon from '@mui/icons-material/GridView';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import type { PlayerLayout } from '../../../shared/contract/streams';

const ICONS = {
  single: CropSquareIcon,
  'two-up': ViewColumnIcon,
  'grid-2x2': GridViewIcon,
  'grid-3x3': AppsIcon,
  'main-strip': ViewQuiltIcon,
} as const;

export function LayoutIcon({ layout }: { layout: PlayerLayout }) {
  const Icon = ICONS[layout];
  return <Icon fontSize="small" />;
}
