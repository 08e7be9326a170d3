import type { Banner } from '@contract/content';
import type { Locale } from '@contract/locales';
import { AccordionChevron, Box, Image, Skeleton, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShownInJapaneseBadge, textLang } from '@/components/shown-in-japanese';
import { currentLanguage } from '@/lib/i18n';
import classes from './content.module.css';
import { homeBannersQuery } from './queries';

/** The home page's banners across the full width; a banner with a link opens it. */
export function BannerCarousel() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const banners = useQuery(homeBannersQuery(currentLanguage()));

  if (banners.isPending) return <Skeleton className={classes.bannerFrame} radius={0} />;
  if (!banners.data || banners.data.length === 0) return null;

  const open = (linkUrl: string) => {
    if (linkUrl.startsWith('/') && !linkUrl.startsWith('//')) void navigate({ href: linkUrl });
    else window.open(linkUrl, '_blank', 'noopener,noreferrer');
  };

  return (
    <Box
      component="section"
      aria-label={t('banners')}
      aria-roledescription={t('carousel.name')}
      className={classes.bannerStrip}
    >
      <BannerSlides banners={banners.data} onOpen={open} />
    </Box>
  );
}

/**
 * The slides on embla, every word the reader hears in the page's language (Mantine's carousel speaks
 * English in its status and indicators): the position is announced politely when it changes, each
 * slide is named by its place, and the arrow keys turn the banners as the buttons do.
 */
function BannerSlides({ banners, onOpen }: { banners: Banner[]; onOpen(linkUrl: string): void }) {
  const { t } = useTranslation('home');
  const [viewportRef, embla] = useEmblaCarousel({ loop: true });
  const selected = useSelectedSlide(embla);
  const total = banners.length;

  const turnWithArrows = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') embla?.scrollPrev();
    if (event.key === 'ArrowRight') embla?.scrollNext();
  };

  return (
    <div className={classes.carousel} onKeyDownCapture={turnWithArrows}>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic>
        {t('carousel.position', { current: selected + 1, total })}
      </VisuallyHidden>
      <div ref={viewportRef} className={classes.carouselViewport}>
        <div className={classes.carouselTrack}>
          {banners.map((banner, index) => (
            <BannerSlide key={banner.id} banner={banner} index={index} total={total} onOpen={onOpen} />
          ))}
        </div>
      </div>
      {total > 1 && <SlideControls banners={banners} embla={embla} selected={selected} />}
    </div>
  );
}

type Embla = UseEmblaCarouselType[1];

/** The index of the slide in view, followed as embla turns. */
function useSelectedSlide(embla: Embla): number {
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!embla) return;
    const follow = () => setSelected(embla.selectedScrollSnap());
    follow();
    embla.on('select', follow).on('reInit', follow);
    return () => {
      embla.off('select', follow).off('reInit', follow);
    };
  }, [embla]);
  return selected;
}

function BannerSlide({
  banner,
  index,
  total,
  onOpen,
}: {
  banner: Banner;
  index: number;
  total: number;
  onOpen(linkUrl: string): void;
}) {
  const { t } = useTranslation('home');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a slide is a group in the WAI-ARIA carousel pattern, not a form's fieldset
    <div
      role="group"
      aria-roledescription={t('carousel.slide')}
      aria-label={t('carousel.position', { current: index + 1, total })}
      className={classes.carouselSlide}
      lang={textLang(banner.lang)}
    >
      {banner.linkUrl ? (
        <UnstyledButton
          className={classes.bannerFrame}
          onClick={() => banner.linkUrl && onOpen(banner.linkUrl)}
          aria-label={banner.title}
        >
          <BannerArt banner={banner} first={index === 0} />
        </UnstyledButton>
      ) : (
        <div className={classes.bannerFrame}>
          <BannerArt banner={banner} first={index === 0} />
        </div>
      )}
    </div>
  );
}

/** The previous and next buttons, and one indicator per banner that turns to it. */
function SlideControls({ banners, embla, selected }: { banners: Banner[]; embla: Embla; selected: number }) {
  const { t } = useTranslation('home');
  return (
    <>
      <div className={classes.carouselControls}>
        <UnstyledButton
          className={classes.carouselControl}
          aria-label={t('previousBanner')}
          onClick={() => embla?.scrollPrev()}
        >
          <AccordionChevron style={{ transform: 'rotate(90deg)' }} />
        </UnstyledButton>
        <UnstyledButton
          className={classes.carouselControl}
          aria-label={t('nextBanner')}
          onClick={() => embla?.scrollNext()}
        >
          <AccordionChevron style={{ transform: 'rotate(-90deg)' }} />
        </UnstyledButton>
      </div>
      <div className={classes.bannerIndicators}>
        {banners.map((banner, index) => (
          <UnstyledButton
            key={banner.id}
            className={classes.bannerIndicator}
            aria-label={t('carousel.show', { number: index + 1 })}
            aria-current={index === selected || undefined}
            data-active={index === selected || undefined}
            onClick={() => embla?.scrollTo(index)}
          />
        ))}
      </div>
    </>
  );
}

/**
 * The art carries no words: the banner's title is written over it in the reader's language (the
 * page's, or the one the desk's preview reads as).
 */
export function BannerArt({ banner, first, reader }: { banner: Banner; first: boolean; reader?: Locale }) {
  return (
    <>
      <Image
        src={banner.imageUrl}
        alt={banner.title}
        className={classes.bannerImage}
        fetchPriority={first ? 'high' : 'auto'}
      />
      <span className={classes.bannerCaption} aria-hidden="true">
        {banner.title}
        <ShownInJapaneseBadge lang={banner.lang} reader={reader} />
      </span>
    </>
  );
}
