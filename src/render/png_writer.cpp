// write_svg and write_png: the file side of the renderer. librsvg and cairo
// stay inside this file so that nothing else depends on their headers.
#include <cairo.h>
#include <librsvg/rsvg.h>

#include <cmath>
#include <fstream>
#include <memory>

#include "render/map_render.hpp"

namespace rz::render {

namespace {
struct GObjectUnref {
  void operator()(void* p) const { g_object_unref(p); }
};
struct SurfaceDestroy {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct CairoDestroy {
  void operator()(cairo_t* c) const { cairo_destroy(c); }
};

std::string take_message(GError* err, const char* fallback) {
  std::string msg = err && err->message ? err->message : fallback;
  if (err) g_error_free(err);
  return msg;
}
}  // namespace

Status write_svg(const std::string& svg, const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return make_error(Code::kNotFound, "cannot open " + path + " for writing.");
  out.write(svg.data(), static_cast<std::streamsize>(svg.size()));
  out.close();
  if (!out) return make_error(Code::kInternal, "could not write the SVG to " + path + ".");
  return {};
}

Status write_png(const std::string& svg, const std::string& path) {
  GError* err = nullptr;
  std::unique_ptr<RsvgHandle, GObjectUnref> handle(
      rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), &err));
  if (!handle)
    return make_error(Code::kMalformed, "the SVG cannot be read: " + take_message(err, "unknown error") + ".");

  double w = 0, h = 0;
  if (!rsvg_handle_get_intrinsic_size_in_pixels(handle.get(), &w, &h) || w < 1 || h < 1)
    return make_error(Code::kMalformed, "the SVG has no pixel width and height.");
  const int width = static_cast<int>(std::ceil(w));
  const int height = static_cast<int>(std::ceil(h));

  std::unique_ptr<cairo_surface_t, SurfaceDestroy> surface(
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
    return make_error(Code::kInternal, "cannot allocate a " + std::to_string(width) + "x" +
                                           std::to_string(height) + " image.");
  {
    std::unique_ptr<cairo_t, CairoDestroy> cr(cairo_create(surface.get()));
    const RsvgRectangle viewport{0, 0, static_cast<double>(width), static_cast<double>(height)};
    if (!rsvg_handle_render_document(handle.get(), cr.get(), &viewport, &err))
      return make_error(Code::kInternal, "the SVG could not be drawn: " + take_message(err, "unknown error") + ".");
  }
  cairo_surface_flush(surface.get());
  const cairo_status_t st = cairo_surface_write_to_png(surface.get(), path.c_str());
  if (st != CAIRO_STATUS_SUCCESS)
    return make_error(Code::kNotFound, "cannot write the PNG to " + path + ": " +
                                           cairo_status_to_string(st) + ".");
  return {};
}

}  // namespace rz::render
